-- A CSV cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
-- return) gets a leading quote. Used by the back-office CSV exports, which COPY their query's result.
-- A plain SQL body, so the planner inlines it into the export's query; ascii() reads the first
-- character's code without copying (left() made the export a third slower).
CREATE FUNCTION csv_safe(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN ascii(value) IN (61, 43, 45, 64, 9, 13) THEN '''' || value ELSE value END
$$;
