/** `node scripts/vapid-keys.ts`: a new VAPID pair for `wrangler secret put` (npm start makes its own in data/). */
import { generateVapidKeys } from './lib/vapid-keys.ts';

const { publicKey, privateKey } = await generateVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
