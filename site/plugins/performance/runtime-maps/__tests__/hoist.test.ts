import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';
import { chunkMapsIn, HOISTED_NAME, hoistChunkMaps } from '../hoist';

const entries = (n: number, value: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => `${100 + i}:${value(i)}`).join(',');
const names = `{${entries(12, (i) => `"n${i}"`)}}`;
const hashes = `{${entries(12, (i) => `"h${i}"`)}}`;
/** The shape of a minified Rspack runtime: `.u` with its name and hash maps, Docusaurus's `.gca`. */
const ids = `{${Array.from({ length: 12 }, (_, i) => `n${i}:"${100 + i}"`).join(',')}}`;
/** The shape of a minified Rspack runtime: `.u` with its name and hash maps, Docusaurus's `.gca` with its name-to-id map. */
const runtime = `(()=>{"use strict";var s={};s.u=e=>"assets/js/"+((${names})[e]||e)+"."+(${hashes})[e]+".js",s.gca=function(e){return e=(${ids})[e]||e,"/"+s.u(e)},globalThis.s=s})();`;

function evaluate(code: string) {
  const context = vm.createContext({});
  vm.runInContext(code, context);
  return context.s as { u: (id: number) => string; gca: (name: string) => string };
}

test('RUNTIME-MAPS the chunk maps are built once, and every chunk gets the same file name as before', () => {
  assert.equal(chunkMapsIn(runtime)?.ranges.length, 3);
  const hoisted = hoistChunkMaps(runtime);
  assert.equal(chunkMapsIn(hoisted), undefined, 'a map is still built inside a function');
  assert.match(hoisted, new RegExp(`^\\(\\(\\)=>\\{"use strict";;var ${HOISTED_NAME}0=\\{`));
  const before = evaluate(runtime);
  const after = evaluate(hoisted);
  for (let id = 95; id < 115; id++) assert.equal(after.u(id), before.u(id));
  for (const name of ['n0', 'n11', 'n12', '100', 'constructor']) assert.equal(after.gca(name), before.gca(name));
  assert.equal(after.gca('n3'), '/assets/js/n3.h3.js');
});

test('RUNTIME-MAPS a literal that may be written, kept or called is left where it is', () => {
  const big = `{${entries(10, (i) => `"v${i}"`)}}`;
  const kept = [
    `(()=>{var m=${big};return m})()`, // kept: each call needs its own object
    `(()=>{(${big})[101]="x"})()`, // written
    `(()=>{delete (${big})[101]})()`, // deleted
    `(()=>{(${big})[101]++})()`, // updated
    `(()=>{(${big})[101]()})()`, // called, with the object as \`this\`
    `(()=>{for((${big})[101] of [1]);})()`, // a loop's target
    `(()=>{return (${big}).v})()`, // read by a fixed name: not a map by key (left alone)
    `var top=(${big})[101]`, // outside any function: built once already
    `(()=>{return ({${entries(3, () => '"v"')}})[101]})()`, // too small to be worth it
    `(()=>{return ({__proto__:null,${entries(9, () => '"v"')}})[101]})()`, // __proto__ is not a key
    `(()=>{return ({${entries(9, () => '"v"')},x:[1]})[101]})()`, // a value that is not a constant
  ];
  for (const code of kept) assert.equal(hoistChunkMaps(code), code, code.slice(0, 40));
});

test('RUNTIME-MAPS refuses a runtime that already uses its variable names', () => {
  assert.throws(() => hoistChunkMaps(`var ${HOISTED_NAME}0=1;`), /already uses/);
});
