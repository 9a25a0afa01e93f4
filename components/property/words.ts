/*
 * The API's codes for people ("double_sink" → "Double sink"): pure, for the server's sections and what the
 * browser draws later, kept out of format.ts, which the property page's first script carries.
 */

/** The API's codes that have better words than their spelling. */
const WORDS: Record<string, string> = {
  walk_in_shower: 'Walk-in shower',
  shower_tub_combo: 'Shower over the bath',
  double_sink: 'Double sink',
  rain_shower: 'Rain shower',
  whirlpool: 'Whirlpool bath',
  outdoor: 'Outdoor bathroom',
  bidet: 'Bidet',
  wheelchair_accessible: 'Wheelchair accessible',
  long_term: 'Long stays',
  sofa_bed: 'sofa bed',
  crib: 'cot',
  child: "child's bed",
  full: 'Full bathroom',
  half: 'Half bathroom (toilet and basin)',
  on_request: 'On request',
};

/** A code ("double_sink") as words ("Double sink"); words the API already wrote are left alone. */
export function words(code: string): string {
  const known = WORDS[code];
  if (known) return known;
  if (!/^[a-z0-9]+(?:_[a-z0-9]+)*$/.test(code)) return code;
  const text = code.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
