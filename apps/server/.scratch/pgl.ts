import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
await db.exec(`
create table m (id int primary key, status text);
create table c (status text primary key, n bigint not null default 0);
create function m_count_ins() returns trigger language plpgsql as $$
begin
  insert into c (status, n) select status, count(*) from new_rows group by status
  on conflict (status) do update set n = c.n + excluded.n;
  return null;
end $$;
create trigger m_ins after insert on m referencing new table as new_rows for each statement execute function m_count_ins();
insert into m values (1,'a'),(2,'a'),(3,'b');
`);
console.log((await db.query('select * from c')).rows);
