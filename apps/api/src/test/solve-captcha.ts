import { createHash } from 'node:crypto';
import type { CaptchaChallenge } from '../modules/auth/captcha';

/** Finds a challenge's number as ALTCHA's widget does, and answers the payload it sends. */
export const solveCaptcha = (challenge: Omit<CaptchaChallenge, 'captcha_id'>) => {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    const hash = createHash('sha256')
      .update(challenge.salt + number)
      .digest('hex');
    if (hash === challenge.challenge)
      return Buffer.from(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      ).toString('base64');
  }
  return undefined;
};
