import 'server-only';
