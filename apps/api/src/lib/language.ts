// The reader's language for an API answer: Accept-Language, Portuguese by default.
import type { Language } from '@acende/shared/enums';
import { languageFromHeader } from '@acende/shared/i18n/translate';
import type { FastifyRequest } from 'fastify';

export function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language']);
}
