// The baseline of bench/api-reads.mjs: a bare node:http server with a pg pool of the API's size,
// answering the same two reads with the same SQL and the same JSON, and nothing else (no framework,
// guards, validation or logging).
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const POSTS = `select p.*, c.id as c_id, c.name as c_name, c.name_en as c_name_en, c.status as c_status
  from posts p left join categories c on c.id = p.category_id
  where p.status = true and (p.category_id is null or c.status = true)
  order by p.created_at desc, p.id desc limit $1 offset $2`;
const COUNT = `select count(*)::int as total from posts p left join categories c on c.id = p.category_id
  where p.status = true and (p.category_id is null or c.status = true)`;
const ANNOUNCEMENTS = `select * from announcements where status = true order by created_at desc limit 20`;
const EVENTS = `select * from events where status = true and event_date >= $1 order by event_date asc limit 20`;

const post = (r) => ({
  _id: r.id,
  name: r.name,
  name_en: r.name_en,
  slug: r.slug,
  type: r.type,
  category: r.c_id ? { _id: r.c_id, name: r.c_name, name_en: r.c_name_en } : null,
  short_desc: r.short_desc,
  short_desc_en: r.short_desc_en,
  image: r.image,
  created_at: r.created_at,
});
const event = (e) => ({
  _id: e.id,
  name: e.name,
  name_en: e.name_en,
  description: e.description,
  description_en: e.description_en,
  link: e.link,
  type: e.type,
  event_date: e.event_date,
  home_status: e.home_status,
  countdownStarted: e.countdown_started,
});

createServer(async (req, res) => {
  try {
    let body;
    if (req.url.startsWith('/api/posts')) {
      const [rows, count] = await Promise.all([pool.query(POSTS, [4, 0]), pool.query(COUNT)]);
      body = {
        success: true,
        posts: rows.rows.map(post),
        currentPage: 0,
        totalPages: Math.ceil(count.rows[0].total / 4),
      };
    } else if (req.url.startsWith('/api/announcements')) {
      const [list, upcoming] = await Promise.all([pool.query(ANNOUNCEMENTS), pool.query(EVENTS, [new Date()])]);
      const next = upcoming.rows.find((e) => e.home_status && e.countdown_started) ?? null;
      body = {
        success: true,
        announcements: list.rows.map((a) => ({
          _id: a.id,
          name: a.name,
          name_en: a.name_en,
          link: a.link,
          created_at: a.created_at,
        })),
        event: next && event(next),
        events: upcoming.rows.map(event),
      };
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  } catch (e) {
    res.writeHead(500).end(String(e));
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
