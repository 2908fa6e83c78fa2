/** What the kiosk says (issue 24 §5). */
export const KIOSK_MESSAGES = {
  welcome: (name: string) => `Welcome, ${name}`,
  already: 'Already checked in',
  unknown: 'Code not recognised — ask at the desk',
  seeDesk: 'Please see the desk about your membership.',
  pinLocked: 'Too many wrong PINs. Please wait a moment or ask at the desk.',
  noSession: 'No class to check in to right now.',
  noToken:
    'This screen is not set up as a kiosk yet. An admin registers it (Admin panel → Kiosks) and opens the link shown once on this device.',
  revoked: 'This kiosk has been revoked. An admin can register it again (Admin panel → Kiosks) and open the new link here.',
  firstLoad: 'Connect to the internet once to load today’s classes; after that this screen keeps working offline.',
  loading: 'Loading today’s classes…',
  noScript: 'The check-in kiosk needs JavaScript. Please turn it on in this browser.',
  cameraOff: 'Camera unavailable — type your PIN or use the scanner.',
  scanHint: 'Hold your check-in QR code up to the camera',
  pending: (n: number) => `${n} pending`,
} as const;
