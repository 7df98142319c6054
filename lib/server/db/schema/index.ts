// The whole schema, for drizzle-kit and for the typed `db` (no 'server-only': drizzle-kit loads it).
export * from './accounts';
export * from './clinic';
export * from './groups';
export * from './appointments';
export * from './schedule';
export * from './contact';
export * from './intake';
export * from './mail';
export * from './waitlist';
export * from './payments';
export * from './handouts';
export * from './privacy';
export * from './backups';
export * from './chart';
export * from './calendarFeeds';
