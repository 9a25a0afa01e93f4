import 'server-only';
import { createLogger } from '../logger';

export const logger = createLogger('site');
