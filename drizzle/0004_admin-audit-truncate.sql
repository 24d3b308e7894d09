-- The audit log is append-only (0002 refuses UPDATE and DELETE row by row); TRUNCATE bypasses row
-- triggers, so it is refused by a statement trigger too (docs/decisions/050-admin-area.md).
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
