import * as z from 'zod/mini';

/**
 * zod/mini loads no locale, so its default issue messages would all read "Invalid input". Every
 * schema file of the interface imports this module, so the English messages are in force wherever
 * the schemas run: the browser, the proxy and the service.
 */
z.config(z.locales.en());
