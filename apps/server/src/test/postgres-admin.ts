import pg from 'pg';

/** Runs one statement on PostgreSQL as the given (administrator's) URL: a throwaway database's CREATE or DROP. */
export async function adminQuery(adminUrl: string | undefined, query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
