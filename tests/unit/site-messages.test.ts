import { describe, expect, it } from 'vitest';
import { apiWordsIn, fieldMessage, fieldMessages, plainMessage } from '@/lib/site/browser/messages';

/* What a traveller reads when a form or a search needs correcting: sentences naming the field by its label. */

describe('messages for people', () => {
  it.each([
    ['stay.checkout', 'must be after stay.checkin', 'Check-out must be after check-in'],
    ['property_id', 'send either property_id or destination', 'Choose a rental or a destination'],
    ['destination', 'send either property_id or destination', 'Choose a destination or describe one'],
    ['stay.checkin', 'must be a date (YYYY-MM-DD)', 'Check-in must be a real date'],
    ['guests', 'must be an integer (at least 1)', 'Guests must be a whole number at least 1'],
    ['stay.guests.adults', 'must be between 1 and 50', 'Adults must be a whole number between 1 and 50'],
    ['contact.email', 'must be a valid email address', 'Enter a valid email address'],
    [
      'budget.max',
      'must not be below budget.min',
      'Maximum nightly budget can’t be below the minimum nightly budget',
    ],
    ['stay.checkin', 'must be today or later', 'Check-in can’t be in the past'],
    ['checkout', 'is required with checkin', 'Choose a check-out date'],
    ['message', 'must be at most 5000 characters', 'Message can be at most 5,000 characters'],
    ['sort', 'must be one of id, -id', 'Choose one of the offered sort order options'],
    ['checkout', 'must be at most 365 nights after checkin', 'A stay can be at most 365 nights'],
    ['stay.checkin', 'must be at most 3 years ahead', 'Check-in can be at most 3 years ahead'],
    [
      'contact.first_name',
      'must not contain control characters or broken text',
      'First name has characters that can’t be sent; please retype it',
    ],
    ['title', 'is required', 'Enter a title'],
    ['advisor.name', 'is required', 'Enter your name'],
    ['client_name', 'is required', 'Enter your client’s name'],
    ['options.3.stay.checkin', 'is required', 'Choose a check-in date'],
    [
      'options.1.stay.checkin',
      'is booked on these dates',
      'This rental is booked on these dates; choose others',
    ],
    ['some_new.field_x', 'a rule we have never seen', 'Please check field x'],
  ])('%s "%s" reads "%s"', (path, api, sentence) => {
    expect(fieldMessage(path, api)).toBe(sentence);
    expect(apiWordsIn(fieldMessage(path, api))).toEqual([]);
  });

  it('keeps the API paths as keys so a form can place each message', () => {
    expect(fieldMessages({ 'stay.checkout': 'must be after stay.checkin' })).toEqual({
      'stay.checkout': 'Check-out must be after check-in',
    });
  });

  it('writes dates in words and refuses sentences that still speak API', () => {
    expect(plainMessage('The minimum stay for a check-in on 2027-02-13 is 2 nights.', 'x')).toBe(
      'The minimum stay for a check-in on Sat 13 Feb 2027 is 2 nights.',
    );
    expect(plainMessage('must be after stay.checkin', 'Please check the dates.')).toBe(
      'Please check the dates.',
    );
    expect(plainMessage('property_id is not live', 'This rental is no longer available.')).toBe(
      'This rental is no longer available.',
    );
  });

  it('finds API words in text', () => {
    expect(apiWordsIn('stay.guests.adults: must be a date (YYYY-MM-DD)')).toEqual([
      'stay.guests.adults',
      'YYYY-MM-DD',
    ]);
    expect(apiWordsIn('Check-out must be after check-in')).toEqual([]);
  });
});
