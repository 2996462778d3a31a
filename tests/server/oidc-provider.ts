import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A test account at the provider: `sub` is what is typed as the login on its sign-in page. */
export interface ProviderAccount {
  preferred_username: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by subject; unknown subjects sign in with preferred_username = subject. */
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, dev interactions on) listening
 * on 127.0.0.1 with one confidential client whose redirect URI is `redirectUri`. Its sign-in
 * page accepts any login and password: the login becomes the subject.
 */
export async function startTestProvider(redirectUri: string, port = 0): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'office-backoffice';
  const clientSecret = 'test-secret-not-for-production-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => {
        const a = accounts.get(sub);
        return { sub, preferred_username: a?.preferred_username ?? sub, name: a?.name ?? sub };
      },
    }),
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks a browser through the provider with fetch: opens `authorizationUrl`, signs in as
 * `login` on the dev sign-in page, consents, and returns the redirect back to the client
 * (the callback URL with code, state and iss). Keeps the provider's cookies like a browser.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const post = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    keep(post);
    url = new URL(post.headers.get('location')!, url);
    if (url.origin !== origin) return url;
  }
  throw new Error('too many provider steps');
}
