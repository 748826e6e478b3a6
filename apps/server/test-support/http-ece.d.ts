// http_ece (web-push's own encryption library) ships no types; the push tests decrypt what
// the fake push service received with it, as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  };
  export default ece;
}
