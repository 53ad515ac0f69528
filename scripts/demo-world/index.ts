// What seeding and tests need from the demo world. Safe to import inside workerd: no
// Node APIs anywhere below this module.
//
// Integration tests seed their D1 like this:
//   const world = generateWorld({ stories: 60 });
//   await env.DB.batch(worldToStatements(world).map((s) => env.DB.prepare(s.sql).bind(...s.params)));

export { DEFAULT_NOW, DEFAULT_SEED, generateWorld, type GenerateOptions } from './generate.ts';
export { DEMO_ACCOUNTS, DEMO_PUBLICATION_DOMAIN, DEMO_USER_DOMAIN, demoAccount, type DemoAccount, type DemoKey } from './accounts.ts';
export {
  deleteStatements, insertStatements, sqlLiteral, worldToSql, worldToStatements, TABLES_IN_DELETE_ORDER, type BoundStatement,
} from './sql.ts';
export { TABLES_IN_FK_ORDER, TABLE_COLUMNS, type Row, type TableName, type World } from './rows.ts';
