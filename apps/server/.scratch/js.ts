import { z } from 'zod';
import { matchListInput, playerListInput, teamListOutput, importMatchesInput } from '@campus-elo/api-contract';
console.log(JSON.stringify(z.toJSONSchema(matchListInput, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' as never }), null, 1).slice(0, 3000));
console.log(JSON.stringify(z.toJSONSchema(playerListInput, { io: 'input', unrepresentable: 'any' })));
console.log(JSON.stringify(z.toJSONSchema(teamListOutput, { io: 'output', unrepresentable: 'any' })).slice(0,800));
try { console.log(JSON.stringify(z.toJSONSchema(importMatchesInput, { io: 'input', unrepresentable: 'any' })).slice(0,1500)); } catch (e) { console.log('ERR', e); }
