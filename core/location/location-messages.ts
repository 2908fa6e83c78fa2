/** The location prompt's words (spec 8 "Location"), shared by the API and the browser. */
export const LOCATION_MESSAGES = {
  noUserId: 'User ID not found. Please log in again.',
  saveFailed: 'Failed to save location',
  invalidTimezone: 'Invalid timezone',
  noTimezone: 'No timezone set',
  unknown: 'Unknown',
  saved: 'Location saved',
  notDetected: 'We could not detect your location.',
  lookupUnavailable: 'Location lookup is not available right now',
  tooManyLookups: 'Too many location lookups. Please try again later.',
  coordinatesRequired: 'Latitude and longitude are required',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  invalidCountryCode: 'Country code must be two letters',
  invalidDetectedAt: 'Detected at must be a date and time',
  invalidMethod: 'Detection method must be cloudflare, browser, ip or manual',
} as const;
