/**
 * Addresses, keys and class names read left to right in every language. antd's RTL styles set
 * `direction: rtl` on inputs, which beats the `dir` attribute, so the style says it too.
 */
export const LTR = { direction: 'ltr' } as const;
