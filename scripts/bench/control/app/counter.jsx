'use client';
import { useState } from 'react';

export function Counter() {
  const [guests, setGuests] = useState(2);
  return (
    <button type="button" onClick={() => setGuests(guests + 1)}>
      Guests: {guests}
    </button>
  );
}
