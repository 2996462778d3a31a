import { startTestServer, client, login } from '../tests/server/harness.js';
const s = await startTestServer({ logLevel: 'error' });
const t = await login(s, 'admin');
console.log(JSON.stringify((await client(s, t).get('/sys/permission/getUserPermissionByToken')).body).slice(0, 600));
console.log(JSON.stringify((await client(s, t).get('/sys/loginfo')).body).slice(0, 600));
await s.close();
