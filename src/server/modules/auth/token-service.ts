import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { AuthError } from '../../http/envelope.js';
import { formatDateTime } from '../../../shared/time.js';

/** The signed-in user attached to each authenticated request. */
export interface SessionUser {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  tokenId: string;
  /** The request's checked tenant (`tenant-id` header, modules/tenant); absent or 0 = none. */
  tenantId?: number;
}

/**
 * Reads the per-install token-signing secret from sys_install, generating 48 random bytes on
 * first start (never committed, never shared between installs).
 */
export async function loadTokenSecret(db: Db): Promise<Uint8Array> {
  const row = await db.selectFrom('sys_install').select('value').where('key', '=', 'token_secret').executeTakeFirst();
  if (row) return Buffer.from(row.value, 'base64');
  const secret = randomBytes(48).toString('base64');
  await db
    .insertInto('sys_install')
    .values({ key: 'token_secret', value: secret })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const again = await db.selectFrom('sys_install').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
  return Buffer.from(again.value, 'base64');
}

/**
 * How long a checked session is trusted without asking the database again. Logout and force
 * logout in this process drop it at once; with several API processes on one PostgreSQL, a
 * session revoked by another process ends within this time.
 */
const SESSION_RECHECK_MS = 15_000;

/** Claims of a token whose signature was checked: the session id, the user id, the expiry (s). */
interface CheckedClaims {
  jti?: string;
  sub?: string;
  exp?: number;
}

/**
 * Issues and checks access tokens: HS256 JWTs (claims sub = user id, username, jti) whose
 * session row in sys_user_token must still exist and have been used within `idleMinutes`
 * (sliding session, api-contract §1.5). Logout and force-logout delete the row, so a token
 * is refused at once even though its signature is still valid.
 */
export class TokenService {
  /** Sessions checked against the database within the last SESSION_RECHECK_MS, by jti. */
  private sessions = new Map<string, { user: SessionUser; checkedAt: number }>();
  /**
   * Tokens whose HS256 signature was already checked, by the exact token text (the secret never
   * changes while the process runs, so a checked signature stays valid; the expiry is checked
   * on every use). Saves the WebCrypto HMAC of every request (~0.2-2 ms of the event loop).
   */
  private checked = new Map<string, CheckedClaims>();

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly idleMinutes: number,
    /** absolute session lifetime (hours), however active */
    private readonly maxHours = 24,
  ) {}

  /** Creates a session for `user` and returns its token. */
  async issue(user: { id: string; username: string }, ip: string | null): Promise<string> {
    const jti = newId();
    const now = formatDateTime();
    await this.db
      .insertInto('sys_user_token')
      .values({ id: jti, user_id: user.id, username: user.username, ip, create_time: now, last_active: now })
      .execute();
    return new SignJWT({ username: user.username })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime('30d')
      .sign(this.secret);
  }

  /** Verifies a token; returns the session's user, or throws AuthError (HTTP 401). */
  async verify(token: string | undefined): Promise<SessionUser> {
    if (!token) throw new AuthError();
    const claims = await this.claimsOf(token);
    if (!claims) throw new AuthError();
    const { jti, sub } = claims;
    if (!jti || !sub) throw new AuthError();
    return this.sessionUser(jti, sub);
  }

  /** The live session `jti` of user `sub` (cached SESSION_RECHECK_MS); throws AuthError when it ended. */
  private async sessionUser(jti: string, sub: string): Promise<SessionUser> {
    const cached = this.sessions.get(jti);
    if (cached && Date.now() - cached.checkedAt < SESSION_RECHECK_MS && cached.user.id === sub) return cached.user;
    const row = await this.db
      .selectFrom('sys_user_token as t')
      .innerJoin('sys_user as u', 'u.id', 't.user_id')
      .select([
        't.id as tokenId',
        't.last_active',
        't.create_time',
        'u.id',
        'u.username',
        'u.realname',
        'u.org_code',
        'u.status',
        'u.del_flag',
      ])
      .where('t.id', '=', jti)
      .executeTakeFirst();
    if (!row || row.id !== sub) throw new AuthError();
    if (row.del_flag === 1 || row.status === 2) {
      await this.revoke(jti);
      throw new AuthError('Token失效，请重新登录! 账号已被冻结或注销');
    }
    const last = Date.parse(row.last_active.replace(' ', 'T'));
    const now = Date.now();
    const created = Date.parse(row.create_time.replace(' ', 'T'));
    if (now - last > this.idleMinutes * 60_000 || now - created > this.maxHours * 3_600_000) {
      await this.revoke(jti);
      throw new AuthError();
    }
    if (now - last > 60_000) {
      await this.db.updateTable('sys_user_token').set({ last_active: formatDateTime() }).where('id', '=', jti).execute();
    }
    const user = { id: row.id, username: row.username, realname: row.realname ?? row.username, orgCode: row.org_code, tokenId: jti };
    if (this.sessions.size > 50_000) this.sessions.clear();
    this.sessions.set(jti, { user, checkedAt: now });
    return user;
  }

  /**
   * A file key of the session (`<jti>.<tenant>.<exp>.<mac>`): lets `<img src>` and download links,
   * which send no header, read the stored files this session's user may see, and nothing else.
   * Valid until `exp` (epoch s, 12-18 h ahead, stable for 6 h so file URLs stay cacheable) and
   * only while the session lives.
   */
  fileKey(user: SessionUser): string {
    const exp = Math.ceil((Date.now() / 1000 + 12 * 3600) / (6 * 3600)) * 6 * 3600;
    const body = `${user.tokenId}.${user.tenantId ?? 0}.${exp}`;
    return `${body}.${this.mac(`file|${body}`)}`;
  }

  /** The session user (with the key's tenant) of a valid, unexpired file key of a live session; null otherwise. */
  async userOfFileKey(key: string | undefined): Promise<SessionUser | null> {
    const m = /^(\d{1,20})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(key ?? '');
    if (!m) return null;
    const body = `${m[1]}.${m[2]}.${m[3]}`;
    const want = Buffer.from(this.mac(`file|${body}`));
    if (!timingSafeEqual(want, Buffer.from(m[4])) || Number(m[3]) * 1000 < Date.now()) return null;
    const row = await this.db.selectFrom('sys_user_token').select('user_id').where('id', '=', m[1]).executeTakeFirst();
    if (!row) return null;
    try {
      const user = await this.sessionUser(m[1], row.user_id);
      return { ...user, tenantId: Number(m[2]) || undefined };
    } catch {
      return null;
    }
  }

  /**
   * The signature of one stored file `rel` until `exp` (epoch s) for the online preview service
   * (spec 9): its address carries this instead of the session's file key, so the service can read
   * that file only, and only until `exp`. HMAC-SHA256 with the install's token secret, in its own
   * domain (`preview|`), so it never passes as a file key or the other way round.
   */
  fileSignature(rel: string, exp: number): string {
    return this.mac(`preview|${exp}|${rel}`);
  }

  /** Whether `signature` is {@link fileSignature} of `rel` and `exp` (epoch s, text) and `exp` has not passed. */
  checkFileSignature(rel: string, exp: string | undefined, signature: string | undefined): boolean {
    if (!exp || !/^\d{1,12}$/.test(exp) || !signature || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
    if (Number(exp) * 1000 <= Date.now()) return false;
    return timingSafeEqual(Buffer.from(this.fileSignature(rel, Number(exp))), Buffer.from(signature));
  }

  private mac(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  /** Tells every server process about ended sessions and forgotten users (cluster bus); unset = this process only. */
  announce?: { sessionEnded(tokenId: string): void; userChanged(userId: string): void };

  /** Forgets cached sessions of a user (after a freeze or a department switch), in every process. */
  forgetUser(userId: string): void {
    this.forgetUserLocal(userId);
    this.announce?.userChanged(userId);
  }

  /** Forgets this process's cached sessions of a user. */
  forgetUserLocal(userId: string): void {
    for (const [jti, s] of this.sessions) if (s.user.id === userId) this.sessions.delete(jti);
  }

  /** Forgets this process's cached session `tokenId` (another process ended it). */
  dropLocal(tokenId: string): void {
    this.sessions.delete(tokenId);
  }

  /** Forgets every cached session of this process (the cluster channel was lost for a while). */
  dropAllLocal(): void {
    this.sessions.clear();
  }

  /** Ends one session (logout, force logout): the row goes, and every process forgets it at once. */
  async revoke(tokenId: string): Promise<void> {
    this.sessions.delete(tokenId);
    await this.db.deleteFrom('sys_user_token').where('id', '=', tokenId).execute();
    this.announce?.sessionEnded(tokenId);
  }

  /** Reads the session id (jti) of a token without checking the session row; null when invalid. */
  async tokenIdOf(token: string): Promise<string | null> {
    return (await this.claimsOf(token))?.jti ?? null;
  }

  /** The claims of a token with a valid signature that has not expired; null otherwise. */
  private async claimsOf(token: string): Promise<CheckedClaims | null> {
    const hit = this.checked.get(token);
    if (hit) {
      if (hit.exp === undefined || hit.exp * 1000 > Date.now()) return hit;
      this.checked.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const claims = { jti: payload.jti, sub: payload.sub, exp: payload.exp };
      if (this.checked.size > 50_000) this.checked.clear();
      this.checked.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
