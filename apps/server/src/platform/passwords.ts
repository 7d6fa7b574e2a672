// The native argon2 module is loaded with the first password, not at start (decision 038).
const argon2 = () => import('@node-rs/argon2');

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), the OWASP minimum.
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}
