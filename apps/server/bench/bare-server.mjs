// The floor of `npm run bench:api`: a bare node:http server doing what the API's contact submission cannot do
// without (parse the JSON body, one durable insert into SQLite with the server's pragmas) and nothing else.
// Started by api.mjs as a child process: `node bare-server.mjs <sqlite file>`; prints its port when listening.
import http from 'node:http';
import SqliteDatabase from 'better-sqlite3';

const database = new SqliteDatabase(process.argv[2]);
database.pragma('journal_mode = WAL');
database.pragma('synchronous = FULL');
database.exec(
  'CREATE TABLE IF NOT EXISTS submissions (id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT, message TEXT, created_at INTEGER)',
);
const insert = database.prepare(
  'INSERT INTO submissions (name, email, phone, message, created_at) VALUES (?, ?, ?, ?, ?)',
);

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    const { lastInsertRowid } = insert.run(body.name, body.email, body.phone, body.message, Date.now());
    const answer = JSON.stringify({ success: true, reference: String(lastInsertRowid) });
    res.writeHead(201, { 'Content-Type': 'application/json' }).end(answer);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => database.close()));
