import * as oidc from 'openid-client';

/**
 * Settings of the OAuth2 / OpenID Connect sign-in (spec 2.1 /oauth2-app/login, 7.1 third-party
 * login), from the environment:
 * - OAUTH2_ISSUER — the provider's issuer URL (discovery at `/.well-known/openid-configuration`);
 *   http is accepted only for a loopback host (tests, local development).
 * - OAUTH2_CLIENT_ID, OAUTH2_CLIENT_SECRET — this application's client at the provider
 *   (client_secret_basic at the token endpoint).
 * - OAUTH2_REDIRECT_URI (optional) — the callback registered at the provider; default
 *   `{origin of the request}{API base}/sys/thirdLogin/oauth2/{source}/callback`.
 * - OAUTH2_SCOPE (default `openid profile`), OAUTH2_USERNAME_CLAIM (default
 *   `preferred_username`: the claim naming the local user at first sign-in; pick one the provider
 *   controls, not one its users may edit), OAUTH2_NAME (button text), OAUTH2_SOURCE (the
 *   `thirdType`, default `oidc`).
 */
export interface OAuth2Settings {
  source: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
  scope: string;
  usernameClaim: string;
}

/** Reads {@link OAuth2Settings} from `env`; null when OAUTH2_ISSUER or OAUTH2_CLIENT_ID is unset. */
export function loadOAuth2Settings(env: NodeJS.ProcessEnv, defaultName: string): OAuth2Settings | null {
  const issuer = env.OAUTH2_ISSUER?.trim();
  const clientId = env.OAUTH2_CLIENT_ID?.trim();
  if (!issuer || !clientId) return null;
  const source = (env.OAUTH2_SOURCE?.trim() || 'oidc').toLowerCase();
  if (!/^[a-z0-9_]{1,30}$/.test(source)) throw new Error(`OAUTH2_SOURCE must be 1-30 letters, digits or _: ${source}`);
  return {
    source,
    name: env.OAUTH2_NAME?.trim() || defaultName,
    issuer,
    clientId,
    clientSecret: env.OAUTH2_CLIENT_SECRET ?? '',
    redirectUri: env.OAUTH2_REDIRECT_URI?.trim() || undefined,
    scope: env.OAUTH2_SCOPE?.trim() || 'openid profile',
    usernameClaim: env.OAUTH2_USERNAME_CLAIM?.trim() || 'preferred_username',
  };
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(url.hostname) || url.hostname.startsWith('127.');
}

/** The provider's answer about the signed-in person: subject and claims (id token + userinfo). */
export interface ProviderIdentity {
  sub: string;
  claims: Record<string, unknown>;
}

/**
 * One configured provider: builds the authorization URL (state, nonce and a PKCE S256
 * challenge) and redeems the code at the token endpoint, checking state, nonce, issuer and the
 * id token (openid-client). The discovery document is fetched on first use and kept.
 */
export class OAuth2Provider {
  private config: Promise<oidc.Configuration> | null = null;

  constructor(readonly settings: OAuth2Settings) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
      this.config = oidc
        .discovery(
          issuer,
          this.settings.clientId,
          undefined,
          oidc.ClientSecretBasic(this.settings.clientSecret),
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          this.config = null; // try again on the next sign-in
          throw err;
        });
    }
    return this.config;
  }

  /** Fresh random state, nonce and PKCE verifier for one flow. */
  static newFlow(): { state: string; nonce: string; codeVerifier: string } {
    return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  }

  /** The provider's authorization URL for one flow; rejects when discovery fails. */
  async authorizationUrl(redirectUri: string, flow: { state: string; nonce: string; codeVerifier: string }): Promise<string> {
    const config = await this.configuration();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scope,
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Redeems the authorization response `callbackUrl` (the redirect URI with the provider's
   * query) for tokens, checking state, nonce, PKCE and the id token; reads userinfo when the
   * username claim is not in the id token. Returns the identity; rejects on any failed check.
   */
  async redeem(callbackUrl: URL, flow: { state: string; nonce: string; codeVerifier: string }): Promise<ProviderIdentity> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.codeVerifier,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('id token without subject');
    let claims: Record<string, unknown> = { ...idClaims };
    if (claims[this.settings.usernameClaim] === undefined && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims };
    }
    return { sub: idClaims.sub, claims };
  }
}
