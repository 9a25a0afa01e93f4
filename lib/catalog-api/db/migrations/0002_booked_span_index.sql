-- Finds the booked ranges that touch a stay window (the catalog's checkin/checkout filter) without
-- scanning every range: a range [checkin, checkout] overlapping [stay checkin, stay checkout].
CREATE INDEX IF NOT EXISTS booked_ranges_span_idx ON booked_ranges USING gist (daterange(checkin, checkout, '[]'));
