/** The Content-Type of answers that are already serialized JSON strings (the read model's). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
