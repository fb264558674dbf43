-- What a spreadsheet shows from a CSV cell: digits it would change (a leading 0 of a national ID,
-- the + of a phone number) are written as a text formula ="…", which Excel and LibreOffice show as
-- the digits themselves; a plain number (-5, +1.5) is left as it is; anything else a spreadsheet
-- would run as a formula (= + - @ tab CR) gets a quote before it.
CREATE OR REPLACE FUNCTION csv_safe(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN ascii(value) IN (43, 48) AND value ~ '^\+?[0-9]+$' THEN '="' || value || '"'
    WHEN ascii(value) NOT IN (61, 43, 45, 64, 9, 13) THEN value
    WHEN value ~ '^[+-]?[0-9]+([.][0-9]+)?$' THEN value
    ELSE '''' || value
  END
$$;
