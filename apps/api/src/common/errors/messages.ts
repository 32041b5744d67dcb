/**
 * Every message string of the contract (spec/API.md section 5), in one place.
 * Seed strings are kept to the letter, typos included ("authentification", "reach", "licence").
 */
export const Messages = {
  tokenHeaderMissing: "Token header 'X-API-Token' missing",
  invalidToken: 'Invalid bearer authentification',
  authorizationHeaderMissing: 'Authorization header missing',
  invalidJwt: 'Invalid JWT token',
  noLicense: 'Your account does not have the required license. Please purchase a license.',
  accountDisabled: 'Your account has been disabled.',
  quotaExceeded:
    'You have exceeded your licence quota for this month. Wait next month or upgrade your license.',
  tokenNotFound: 'Token not found.',
  tokenIdEmpty: "Invalid request. The token 'id' field must not be empty.",
  tokenIdTaken: 'Token already exists with the provided identifier.',
  tokenLimitReached: 'You have reach the maximum of authorized token.',
  lotteryNotFound: 'Lottery not found.',
  lotteryTagEmpty: "Invalid request. The lottery 'tag' field must not be empty.",
  drawNotFound: 'No draws were found for lottery.',
  /** Contract section 10: the draw exists, what it paid is not stored (yet). */
  prizesNotFound: 'No prizes were found for draw.',
  invalidDrawDate: "Invalid 'drawDate' value. Expected 'YYYY-MM-DD' format.",
  drawDateTooEarly: 'Invalid request. The draw date cannot be before 1800-01-01.',
  unexpected:
    'Unexpected error occurred. An administrator has been notified of this error so they can fix it.',
  requestTimeout: 'The request took too long to process. Please try again.',
  // Our additions (contract sections 3, 4 and 5).
  adminRequired: 'Administrator role required.',
  metricsLocalOnly:
    'Metrics are served to this machine only. Set METRICS_TOKEN to scrape them from elsewhere.',
  metricsTokenInvalid: 'Metrics require the METRICS_TOKEN as a bearer token (Authorization: Bearer <token>).',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  accountNotFound: 'Account not found.',
  licenseNotFound: 'License not found.',
  licenseExists: 'License already exists.',
  defaultLicenseMissing: 'No license is given to new accounts.',
  currentPasswordWrong: 'Current password is incorrect.',
  // DELETE /profile: a missing and a wrong password get the same answer (contract section 3).
  profilePasswordWrong: "Invalid 'password' value. Expected the account's current password.",
  lastEnabledAdmin:
    'The last enabled administrator cannot be disabled, demoted or deleted. Make another account an administrator first.',
  passwordResetInvalid:
    'This password reset link is invalid, has expired or was already used. Ask for a new one.',
  // E-mail change (issue 34).
  emailUnchanged: "Invalid 'email' value. Expected an address other than the account's current one.",
  emailChangeInvalid: 'This confirmation link is unknown, expired or already used.',
  emailChangeCancelInvalid:
    'This cancellation link is unknown, expired or already used: no change of address is waiting for it.',
  // E-mail verification before a free license (REGISTRATION_VERIFY_EMAIL).
  emailVerificationInvalid: 'This verification link is unknown, expired or already used.',
  emailAlreadyVerified: 'The e-mail address is already verified.',
  emailVerificationUnavailable:
    'This service sends no e-mail, so the address cannot be verified. An administrator can grant a license.',
  webhookNotFound: 'Webhook not found.',
  webhookDeliveryNotFound: 'Webhook delivery not found.',
  webhookLimitReached: 'You have reached the maximum number of webhooks.',
  webhookUrlInvalid: "Invalid 'url' value. Expected an absolute URL without credentials.",
  webhookUrlNotHttps: "Invalid 'url' value. Webhook targets must use https.",
  webhookUrlNotPublic: "Invalid 'url' value. Webhook targets must be public internet addresses.",
  lotteryExists: 'A lottery with this tag already exists.',
  resourceNotFound: 'Resource not found.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedContentType: (type: string, expected: string) =>
    `Unsupported content type '${type}'. Expected ${expected}.`,
  notReady: 'The service is not ready: a dependency does not answer.',
  invalidJsonBody: 'Invalid request body. Expected valid JSON.',
  jsonTooDeep: (maxDepth: number) => `Invalid request body. JSON may nest at most ${maxDepth} levels deep.`,
  nulCharacter: (field: string) => `Invalid '${field}' value. Expected text without NUL characters.`,
  invalidText: 'Invalid request. Text must not contain NUL characters.',
  malformedUrl: 'Invalid request. The URL is malformed.',
  malformedRequest: 'Invalid request. The HTTP request is malformed.',
  uriTooLong: 'The request URL is too long.',
  headersTooLarge: 'The request headers are too large.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  // Ticket check (contract section 9).
  ticketsInvalid:
    "Invalid 'tickets' value. Expected an array of 1 to 100 tickets {main: [integers], special?: [integers]}.",
  checkTooLarge: 'The check covers too many draws: at most 10000 tickets × draws per request.',
  checkDateAndRange: "Invalid request. Give either 'date' or 'from'/'to', not both.",
  checkRoundWithoutDate: "Invalid 'round' value. Expected it only together with 'date'.",
  fromAfterTo: "Invalid 'from' value. Expected a date on or before 'to'.",
  invalidField: (field: string, expected: string) => `Invalid '${field}' value. Expected ${expected}.`,
  // Lotteries and draws (contract section 4).
  invalidFieldProblem: (field: string, problem: string) => `Invalid '${field}' value: ${problem}`,
  lotteryTagImmutable: "Invalid request. The lottery 'tag' cannot be changed.",
  rulesBreakDraw: (date: string, problem: string) =>
    `The new rules do not fit the draw of ${date}: ${problem}`,
  invalidCsvBody: "Invalid request body. Expected text/csv with the header 'date,main,special'.",
  // The change feed (contract section 12).
  changesCursorGone:
    'The cursor is older than the change history. Export the draws again and follow the feed from the new cursor.',
  // The MCP endpoint (contract section 11).
  mcpBatchTooLarge: (limit: number) => `Invalid MCP request: a batch holds at most ${limit} messages.`,
  mcpOriginRefused:
    "This origin may not use the MCP endpoint: only pages of the service's own address and of the origins " +
    'its operator lists (CORS_ORIGINS) may.',
  dotSegmentArgument: (field: string) =>
    `Invalid '${field}' value. Expected a value other than '.' or '..' (it names a path segment).`,
  // Ingestion from the operators' publications (issue 11).
  sourceNotFound: 'No source is configured for this lottery.',
  conflictNotFound: 'Conflict not found.',
  conflictResolved: 'This conflict has already been resolved.',
  conflictNoLongerFits: (problem: string) => `The fetched draw does not fit the lottery's rules: ${problem}`,
} as const;
