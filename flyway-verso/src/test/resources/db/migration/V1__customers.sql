-- The first version of a small shop schema.
CREATE TABLE customer (
    id INT PRIMARY KEY,
    name VARCHAR(50) NOT NULL
);
INSERT INTO customer VALUES (1, 'Ada'), (2, 'Grace');
