/** robots.txt per host (requirements ROUTES): the domain's own text, empty for a host we do not serve. */
export async function getRobotsTxt(db: D1Database, host: string): Promise<string> {
  const row = await db.prepare('SELECT robots_txt FROM domains WHERE host = ?').bind(host).first<{ robots_txt: string }>();
  return row?.robots_txt ?? '';
}
