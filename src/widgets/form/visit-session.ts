/**
 * The visitor's session with a location for this tab (session storage): what the widget's
 * session call answered, or the last submission's answer (`sessionId`,
 * `sessionFingerprint`), sent with the next submission (./visit-extras.ts).
 */
const sessionKey = (locationId: string) => `ef_session_${locationId}`;

export interface VisitSession {
  sessionId: string;
  sessionFingerprint: string;
}

/** Keeps the session a call answered (the session call, or a submission's answer) for this tab. */
export function rememberSession(locationId: string, answer: Readonly<Record<string, unknown>>): void {
  const { sessionId, sessionFingerprint } = answer;
  if (typeof sessionId !== 'string' || !sessionId) return;
  try {
    sessionStorage.setItem(
      sessionKey(locationId),
      JSON.stringify({ sessionId, sessionFingerprint: typeof sessionFingerprint === 'string' ? sessionFingerprint : '' }),
    );
  } catch {
    // Storage can be blocked; the server then starts a session of its own.
  }
}

/** The tab's session with a location, or null. */
export function rememberedSession(locationId: string): VisitSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(sessionKey(locationId)) ?? 'null') as Partial<VisitSession> | null;
    return typeof stored?.sessionId === 'string' ? { sessionId: stored.sessionId, sessionFingerprint: String(stored.sessionFingerprint ?? '') } : null;
  } catch {
    return null;
  }
}
