import { errorBody, Messages } from './support/contract-errors';

/**
 * The one place where the contract's error bodies are written out literally, character by character (docs/API.md
 * section 5 and our additions), on purpose: every other spec compares responses against errorBody and Messages, so
 * this table is what catches a change to src/common/errors/messages.ts or to test/support/contract-errors.ts
 * (the seed's strings are kept to the letter, typos included: "authentification", "reach", "licence", and its
 * validation bodies carry code 401 with "Bad Request"). Do not replace these literals with Messages.
 */
describe('the contract error bodies, written out literally', () => {
  describe('the seed (docs/API.md section 5)', () => {
    it.each([
      [
        'lottery endpoint without X-API-Token',
        errorBody.unauthorized(Messages.tokenHeaderMissing),
        { code: 401, error: 'Unauthorized', message: "Token header 'X-API-Token' missing" },
      ],
      [
        'unknown token value',
        errorBody.unauthorized(Messages.invalidToken),
        { code: 401, error: 'Unauthorized', message: 'Invalid bearer authentification' },
      ],
      [
        'account endpoint without Authorization',
        errorBody.unauthorized(Messages.authorizationHeaderMissing),
        { code: 401, error: 'Unauthorized', message: 'Authorization header missing' },
      ],
      [
        'invalid, expired or wrongly signed JWT',
        errorBody.unauthorized(Messages.invalidJwt),
        { code: 401, error: 'Unauthorized', message: 'Invalid JWT token' },
      ],
      [
        'account lacks a license',
        errorBody.forbidden(Messages.noLicense),
        {
          code: 403,
          error: 'Forbidden',
          message: 'Your account does not have the required license. Please purchase a license.',
        },
      ],
      [
        'account disabled',
        errorBody.forbidden(Messages.accountDisabled),
        { code: 403, error: 'Forbidden', message: 'Your account has been disabled.' },
      ],
      [
        'monthly quota used up',
        errorBody.forbidden(Messages.quotaExceeded),
        {
          code: 403,
          error: 'Forbidden',
          message:
            'You have exceeded your licence quota for this month. Wait next month or upgrade your license.',
        },
      ],
      [
        'token does not exist',
        errorBody.notFound(Messages.tokenNotFound),
        { code: 404, error: 'Not Found', message: 'Token not found.' },
      ],
      [
        'token creation with empty id',
        errorBody.badRequest(Messages.tokenIdEmpty),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid request. The token 'id' field must not be empty.",
        },
      ],
      [
        'token id already used by this account',
        errorBody.badRequest(Messages.tokenIdTaken),
        { code: 401, error: 'Bad Request', message: 'Token already exists with the provided identifier.' },
      ],
      [
        'account already has the maximum number of tokens',
        errorBody.badRequest(Messages.tokenLimitReached),
        { code: 401, error: 'Bad Request', message: 'You have reach the maximum of authorized token.' },
      ],
      [
        'unknown lottery tag',
        errorBody.notFound(Messages.lotteryNotFound),
        { code: 404, error: 'Not Found', message: 'Lottery not found.' },
      ],
      [
        'empty (or blank) lottery tag',
        errorBody.badRequest(Messages.lotteryTagEmpty),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid request. The lottery 'tag' field must not be empty.",
        },
      ],
      [
        'no draw for the lottery/date',
        errorBody.notFound(Messages.drawNotFound),
        { code: 404, error: 'Not Found', message: 'No draws were found for lottery.' },
      ],
      [
        'date not YYYY-MM-DD',
        errorBody.badRequest(Messages.invalidDrawDate),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid 'drawDate' value. Expected 'YYYY-MM-DD' format.",
        },
      ],
      [
        'date before 1800-01-01',
        errorBody.badRequest(Messages.drawDateTooEarly),
        {
          code: 401,
          error: 'Bad Request',
          message: 'Invalid request. The draw date cannot be before 1800-01-01.',
        },
      ],
      [
        'unexpected failure',
        errorBody.internalServerError(Messages.unexpected),
        {
          code: 500,
          error: 'Internal Server Error',
          message:
            'Unexpected error occurred. An administrator has been notified of this error so they can fix it.',
        },
      ],
      ['rate limit exceeded', errorBody.tooManyRequests(), { code: 429, error: 'Too Many Requests' }],
      [
        'request took too long',
        errorBody.requestTimeout(Messages.requestTimeout),
        {
          code: 408,
          error: 'Request Timeout',
          message: 'The request took too long to process. Please try again.',
        },
      ],
      [
        'unknown route',
        errorBody.notFound(Messages.resourceNotFound),
        { code: 404, error: 'Not Found', message: 'Resource not found.' },
      ],
    ])('%s', (_condition, body, literal) => {
      expect(body).toEqual(literal);
    });
  });

  describe('our additions', () => {
    it.each([
      [
        errorBody.badRequest(Messages.mcpBatchTooLarge(10)),
        {
          code: 401,
          error: 'Bad Request',
          message: 'Invalid MCP request: a batch holds at most 10 messages.',
        },
      ],
      [
        errorBody.forbidden(Messages.mcpOriginRefused),
        {
          code: 403,
          error: 'Forbidden',
          message:
            "This origin may not use the MCP endpoint: only pages of the service's own address and of the " +
            'origins its operator lists (CORS_ORIGINS) may.',
        },
      ],
      [
        errorBody.forbidden(Messages.adminRequired),
        { code: 403, error: 'Forbidden', message: 'Administrator role required.' },
      ],
      [
        errorBody.conflict(Messages.emailTaken),
        { code: 409, error: 'Conflict', message: 'An account with this email already exists.' },
      ],
      [
        errorBody.unauthorized(Messages.invalidCredentials),
        { code: 401, error: 'Unauthorized', message: 'Invalid email or password.' },
      ],
      [
        errorBody.notFound(Messages.accountNotFound),
        { code: 404, error: 'Not Found', message: 'Account not found.' },
      ],
      [
        errorBody.badRequest(Messages.profilePasswordWrong),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid 'password' value. Expected the account's current password.",
        },
      ],
      [
        errorBody.conflict(Messages.lastEnabledAdmin),
        {
          code: 409,
          error: 'Conflict',
          message:
            'The last enabled administrator cannot be disabled, demoted or deleted. Make another account an administrator first.',
        },
      ],
      [
        errorBody.notFound(Messages.licenseNotFound),
        { code: 404, error: 'Not Found', message: 'License not found.' },
      ],
      [
        errorBody.conflict(Messages.lotteryExists),
        { code: 409, error: 'Conflict', message: 'A lottery with this tag already exists.' },
      ],
      [
        errorBody.badRequest(Messages.lotteryTagImmutable),
        { code: 401, error: 'Bad Request', message: "Invalid request. The lottery 'tag' cannot be changed." },
      ],
      [
        errorBody.badRequest(Messages.invalidCsvBody),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid request body. Expected text/csv with the header 'date,main,special'.",
        },
      ],
      [
        errorBody.badRequest(Messages.invalidJsonBody),
        { code: 401, error: 'Bad Request', message: 'Invalid request body. Expected valid JSON.' },
      ],
      [
        errorBody.badRequest(Messages.jsonTooDeep(32)),
        {
          code: 401,
          error: 'Bad Request',
          message: 'Invalid request body. JSON may nest at most 32 levels deep.',
        },
      ],
      [
        errorBody.unsupportedMediaType(Messages.unsupportedContentType('text/plain', "'application/json'")),
        {
          code: 415,
          error: 'Unsupported Media Type',
          message: "Unsupported content type 'text/plain'. Expected 'application/json'.",
        },
      ],
      [
        errorBody.payloadTooLarge(Messages.payloadTooLarge),
        { code: 413, error: 'Payload Too Large', message: 'The request body is too large.' },
      ],
      [
        errorBody.forbidden(Messages.metricsLocalOnly),
        {
          code: 403,
          error: 'Forbidden',
          message:
            'Metrics are served to this machine only. Set METRICS_TOKEN to scrape them from elsewhere.',
        },
      ],
      [
        errorBody.badRequest(Messages.checkTooLarge),
        {
          code: 401,
          error: 'Bad Request',
          message: 'The check covers too many draws: at most 10000 tickets × draws per request.',
        },
      ],
      [
        errorBody.badRequest(Messages.checkRoundWithoutDate),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid 'round' value. Expected it only together with 'date'.",
        },
      ],
      [
        errorBody.uriTooLong(Messages.uriTooLong),
        { code: 414, error: 'URI Too Long', message: 'The request URL is too long.' },
      ],
      [
        errorBody.requestHeaderFieldsTooLarge(Messages.headersTooLarge),
        {
          code: 431,
          error: 'Request Header Fields Too Large',
          message: 'The request headers are too large.',
        },
      ],
      [
        errorBody.serviceUnavailable(Messages.databaseUnavailable),
        {
          code: 503,
          error: 'Service Unavailable',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      ],
      [
        errorBody.notFound(Messages.sourceNotFound),
        { code: 404, error: 'Not Found', message: 'No source is configured for this lottery.' },
      ],
      [
        errorBody.notFound(Messages.conflictNotFound),
        { code: 404, error: 'Not Found', message: 'Conflict not found.' },
      ],
      [
        errorBody.conflict(Messages.conflictResolved),
        { code: 409, error: 'Conflict', message: 'This conflict has already been resolved.' },
      ],
      [
        errorBody.badRequest(Messages.emailUnchanged),
        {
          code: 401,
          error: 'Bad Request',
          message: "Invalid 'email' value. Expected an address other than the account's current one.",
        },
      ],
      [
        errorBody.badRequest(Messages.emailChangeInvalid),
        {
          code: 401,
          error: 'Bad Request',
          message: 'This confirmation link is unknown, expired or already used.',
        },
      ],
      [
        errorBody.badRequest(Messages.emailChangeCancelInvalid),
        {
          code: 401,
          error: 'Bad Request',
          message:
            'This cancellation link is unknown, expired or already used: no change of address is waiting for it.',
        },
      ],
      [
        errorBody.badRequest(Messages.emailVerificationInvalid),
        {
          code: 401,
          error: 'Bad Request',
          message: 'This verification link is unknown, expired or already used.',
        },
      ],
      [
        errorBody.conflict(Messages.emailAlreadyVerified),
        { code: 409, error: 'Conflict', message: 'The e-mail address is already verified.' },
      ],
      [
        errorBody.conflict(Messages.emailVerificationUnavailable),
        {
          code: 409,
          error: 'Conflict',
          message:
            'This service sends no e-mail, so the address cannot be verified. An administrator can grant a license.',
        },
      ],
    ])('%j', (body, literal) => {
      expect(body).toEqual(literal);
    });
  });

  describe('the field-specific messages, one example of each form', () => {
    it.each([
      [
        Messages.invalidField('limit', 'a non-negative integer'),
        "Invalid 'limit' value. Expected a non-negative integer.",
      ],
      [
        Messages.invalidFieldProblem('main', 'max must be at most 32767.'),
        "Invalid 'main' value: max must be at most 32767.",
      ],
      [
        Messages.dotSegmentArgument('tag'),
        "Invalid 'tag' value. Expected a value other than '.' or '..' (it names a path segment).",
      ],
      [
        Messages.rulesBreakDraw('1997-11-01', 'No rules are in force on 1997-11-01.'),
        'The new rules do not fit the draw of 1997-11-01: No rules are in force on 1997-11-01.',
      ],
    ])('%s', (message, literal) => {
      expect(message).toBe(literal);
    });
  });
});
