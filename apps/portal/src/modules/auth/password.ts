/** The API's rule for a password's length (it checks too; the form says it first). */
export const MIN_PASSWORD = 10;
