// Whether a form needs the captcha, which provider and its site key.
import { useQuery } from '@tanstack/react-query';
import { publicSiteQueries } from '../../lib/query-keys/public-site.ts';

export function useCaptchaConfig() {
  return useQuery(publicSiteQueries.captcha());
}
