/** The port `npm start` serves on (and `npm run import` calls): PORT when set, else 8787. */
export function listenPort(value) {
  if (value === undefined || value === '') return 8787;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number (1-65535), not "${value}"`);
  return port;
}
