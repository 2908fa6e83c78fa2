import Argon2, { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import wasm from '@phi-ag/argon2/argon2.wasm';
import { ARGON2_PARAMS } from '#core/password-policy.ts';

let instance: Argon2 | undefined;

/** Workers forbid compiling WASM at run time, so the module is imported (CompiledWasm) and instantiated once. */
async function argon2(): Promise<Argon2> {
  instance ??= new Argon2(await WebAssembly.instantiate(wasm));
  return instance;
}

/** An argon2id PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash): it carries its own parameters. */
export async function hashPassword(password: string): Promise<string> {
  const a = await argon2();
  return a.hash(password, {
    ...ARGON2_PARAMS,
    type: Argon2Type.Argon2id,
    version: Argon2Version.Version13,
    salt: crypto.getRandomValues(new Uint8Array(16)),
  }).encoded;
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  if (!encoded.startsWith('$argon2id$')) return false;
  const a = await argon2();
  return a.tryVerify(encoded, password, Argon2Type.Argon2id).success;
}

/** True when a stored hash was made with weaker parameters than today's, so login can re-hash it. */
export function needsRehash(encoded: string): boolean {
  const m = encoded.match(/\$m=(\d+),t=(\d+),p=(\d+)\$/);
  if (!m) return true;
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost;
}

let dummy: Promise<string> | undefined;
/** Spends the same work as a real verification, so an unknown account answers as slowly as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-not-a-real-password');
  await verifyPassword(await dummy, password);
}
