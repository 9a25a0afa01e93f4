-- Instants leave the service as ISO 8601 in UTC with a Z, whatever the session's time zone.
CREATE OR REPLACE FUNCTION svc_iso(t timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') $$;
