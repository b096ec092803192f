/**
 * The CSV cell separator the console asks the API for (`separator=`): the one a spreadsheet in
 * the user's language reads. The API's default would follow the browser's Accept-Language,
 * which need not be the console's language.
 */

/** A semicolon where numbers have a decimal comma (Italian, Polish), else a comma. */
export function csvSeparator(language: string): 'semicolon' | 'comma' {
  return ['it', 'pl'].includes(language.slice(0, 2)) ? 'semicolon' : 'comma';
}
