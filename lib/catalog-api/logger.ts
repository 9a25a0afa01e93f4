import 'server-only';
import { createLogger } from '@/lib/logger';

export const logger = createLogger('catalog-api');
