// GET /api/captcha: whether a form needs the captcha, which provider and its site key.
import type { PublicCaptcha } from '@acende/shared/schemas/captcha';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const CAPTCHA_QUERY_KEY = ['captcha'] as const;

export const fetchCaptcha = () => apiRequest<PublicCaptcha>('GET', '/api/captcha');

export function useCaptchaConfig() {
  return useQuery({ queryKey: CAPTCHA_QUERY_KEY, queryFn: fetchCaptcha });
}
