import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (OWASP-recommended memory and time costs).
export function hashPassword(password: string) {
  return hash(password);
}

export async function verifyPassword(password: string, passwordHash: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export function decoyHash() {
  decoy ??= hash("decoy-password-for-timing");
  return decoy;
}
