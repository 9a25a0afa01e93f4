import { useEffect, useState } from 'react';
import { advisorProfile } from '@/lib/site/browser/advisor-store';
import { type AdvisorNote, advisorLine } from '@/lib/site/browser/advisors';

/**
 * The advisor's line from the profile kept in this browser, for an inquiry an advisor sends from a rental's
 * page: the spec puts the advisor in the message, the contact stays the traveller. Read after the first
 * render (localStorage is the browser's), so the server's and the browser's first drawing agree.
 */
export function useOwnAdvisorNote(): AdvisorNote | undefined {
  const [note, setNote] = useState<AdvisorNote | undefined>();
  useEffect(() => {
    const profile = advisorProfile();
    if (profile?.name && profile.email) setNote({ line: advisorLine(profile) });
  }, []);
  return note;
}
