import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { solveCaptchaHere } from './solve-captcha';

const challengeFor = (number: number) => {
  const salt = 'a1b2c3d4e5f6a7b8c9d0e1f2?expires=4102444800&';
  return {
    captcha_id: 'id',
    algorithm: 'SHA-256' as const,
    challenge: bytesToHex(sha256(utf8ToBytes(salt + number))),
    salt,
    signature: 'signed-by-the-server',
    maxnumber: 20_000,
  };
};

describe('the proof of work done on the page where the widget cannot run', () => {
  it("finds the number and answers the payload ALTCHA's widget sends", async () => {
    const captcha = challengeFor(12_345);
    const payload = await solveCaptchaHere(captcha);
    expect(JSON.parse(atob(payload!))).toEqual({
      algorithm: 'SHA-256',
      challenge: captcha.challenge,
      number: 12_345,
      salt: captcha.salt,
      signature: 'signed-by-the-server',
    });
  });

  it('gives up past maxnumber', async () => {
    expect(await solveCaptchaHere(challengeFor(20_001))).toBeUndefined();
  });
});
