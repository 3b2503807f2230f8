import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Captcha } from './api/get-captcha';

const STEP = 5_000;

/**
 * Finds the challenge's number in this thread, a few thousand tries at a time so the page
 * stays responsive, and answers the payload ALTCHA's widget would send. For pages without the
 * browser's crypto (plain HTTP at a network address), where the widget cannot run.
 */
export const solveCaptchaHere = async (captcha: Captcha): Promise<string | undefined> => {
  for (let start = 0; start <= captcha.maxnumber; start += STEP) {
    const end = Math.min(start + STEP - 1, captcha.maxnumber);
    for (let number = start; number <= end; number += 1)
      if (bytesToHex(sha256(utf8ToBytes(captcha.salt + number))) === captcha.challenge)
        return btoa(
          JSON.stringify({
            algorithm: captcha.algorithm,
            challenge: captcha.challenge,
            number,
            salt: captcha.salt,
            signature: captcha.signature,
          }),
        );
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return undefined;
};
