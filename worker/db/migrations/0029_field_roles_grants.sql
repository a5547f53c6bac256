-- The field roles (sales agent, librarian, door staff) are held in staff_grants only: the site's
-- checks read the grants (worker/api/kernel/staff.ts holdsRole), the operators' CLIs write them.
-- Accounts given a field role in `users.role` since 0021, and the active agents of the agents table,
-- get their grant; `users.role` goes back to 'customer' for them, so no two places say who holds a role.
INSERT OR IGNORE INTO staff_grants (user_id, role, granted_by, granted_at)
  SELECT id, CASE role WHEN 'staff' THEN 'door' ELSE role END, NULL, created_at FROM users WHERE role IN ('agent', 'librarian', 'staff');
INSERT OR IGNORE INTO staff_grants (user_id, role, granted_by, granted_at)
  SELECT user_id, 'agent', NULL, created_at FROM agents WHERE active = 1;
UPDATE users SET role = 'customer' WHERE role IN ('agent', 'librarian', 'staff');
