ALTER TABLE customer ADD COLUMN email VARCHAR(100);
UPDATE customer SET email = 'ada@example.org' WHERE id = 1;
CREATE VIEW customer_totals AS
    SELECT c.id, c.name, SUM(o.amount) AS total FROM customer c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name;
