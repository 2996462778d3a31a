import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/** A ticket the fake CAS server issued: for whom and for which service. */
interface Issued {
  user: string;
  service: string;
  used: boolean;
}

export interface FakeCasServer {
  /** prefix of the CAS server, e.g. http://127.0.0.1:40123/cas */
  url: string;
  /** Issues a service ticket for `user` and `service` (as the CAS login would after a sign-in). */
  issue(user: string, service: string): string;
  /** Services validated, in order (service, ticket) */
  validations: { service: string; ticket: string }[];
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A CAS-protocol server on loopback for tests (CAS 2.0 `serviceValidate` XML answers):
 * `GET /cas/serviceValidate?ticket&service` answers `authenticationSuccess` with the user for a
 * ticket issued to that service — once, unless `lenient` (a server that would validate a ticket
 * again, to show that our server refuses replays itself) — and `authenticationFailure` with
 * INVALID_TICKET / INVALID_SERVICE otherwise. `GET /cas/login?service=…` signs in `autoUser`
 * at once and redirects back with a new ticket (for browser tests); `/cas/logout` records the call.
 */
export async function startFakeCas(opts: { lenient?: boolean; autoUser?: string } = {}): Promise<FakeCasServer & { logouts: string[] }> {
  const tickets = new Map<string, Issued>();
  const validations: { service: string; ticket: string }[] = [];
  const logouts: string[] = [];
  const issue = (user: string, service: string) => {
    const ticket = `ST-${randomBytes(12).toString('hex')}`;
    tickets.set(ticket, { user, service, used: false });
    return ticket;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const service = url.searchParams.get('service') ?? '';
      validations.push({ service, ticket });
      const t = tickets.get(ticket);
      let body: string;
      if (!t || (t.used && !opts.lenient)) {
        body = `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${xmlEscape(ticket)} not recognized</cas:authenticationFailure>`;
      } else if (t.service !== service) {
        body = `<cas:authenticationFailure code="INVALID_SERVICE">Ticket does not match the service</cas:authenticationFailure>`;
      } else {
        t.used = true;
        body = `<cas:authenticationSuccess>\n  <cas:user>${xmlEscape(t.user)}</cas:user>\n</cas:authenticationSuccess>`;
      }
      res.writeHead(200, { 'content-type': 'application/xml;charset=UTF-8' });
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${body}\n</cas:serviceResponse>`);
      return;
    }
    if (url.pathname === '/cas/login' && opts.autoUser) {
      const service = url.searchParams.get('service') ?? '';
      const back = new URL(service);
      back.searchParams.set('ticket', issue(opts.autoUser, service));
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (url.pathname === '/cas/logout') {
      logouts.push(url.searchParams.get('service') ?? '');
      res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8' });
      res.end('<html><body><h1 id="cas-logged-out">CAS 已退出</h1></body></html>');
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cas`,
    issue,
    validations,
    logouts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
