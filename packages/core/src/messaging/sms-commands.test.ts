import { describe, expect, it } from 'vitest';
import { parseSmsCommand } from './sms-commands.ts';

describe('the words a farmer texts', () => {
  it.each([
    ['STATUS', { kind: 'status', fieldNumber: null }],
    ['status 2', { kind: 'status', fieldNumber: 2 }],
    ['Status2', { kind: 'status', fieldNumber: 2 }],
    ['  STATUS   12 ', { kind: 'status', fieldNumber: 12 }],
    ['IRR 25', { kind: 'log-water', water: 'irrigation', amountMm: 25, fieldNumber: null }],
    ['irr 25mm', { kind: 'log-water', water: 'irrigation', amountMm: 25, fieldNumber: null }],
    ['IRR25 MM 3', { kind: 'log-water', water: 'irrigation', amountMm: 25, fieldNumber: 3 }],
    ['RAIN 12,5', { kind: 'log-water', water: 'rain', amountMm: 12.5, fieldNumber: null }],
    ['rain 12.5 mm 2', { kind: 'log-water', water: 'rain', amountMm: 12.5, fieldNumber: 2 }],
    ['RAIN 0', { kind: 'log-water', water: 'rain', amountMm: 0, fieldNumber: null }],
    ['IRR lots', { kind: 'bad-amount', water: 'irrigation' }],
    ['RAIN', { kind: 'bad-amount', water: 'rain' }],
    ['IRR 25 two', { kind: 'bad-amount', water: 'irrigation' }],
    ['2', { kind: 'answer', number: 2 }],
    ['HELP', { kind: 'help' }],
    ['?', { kind: 'help' }],
    ['STOP', { kind: 'stop' }],
    ['stop.', { kind: 'stop' }],
    ['Unsubscribe', { kind: 'stop' }],
    ['START', { kind: 'start' }],
    ['', { kind: 'unknown' }],
    ['when will it rain?', { kind: 'unknown' }],
    ['STATUS please', { kind: 'unknown' }],
  ])('reads %j', (text, command) => {
    expect(parseSmsCommand(text)).toEqual(command);
  });

  // A person who wants no more SMS writes it their way; the first word decides, whatever follows.
  it.each([
    'Stop please',
    'STOP ALL',
    'stop sms',
    'Stop, thank you',
    'STOP!!',
    'stop the rain',
    'STOPALL',
    'cancel',
    'End my messages',
    'quit',
    'Unsubscribe me',
    'REVOKE',
    'revoke consent',
    'OPTOUT',
    'opt out',
    'Opt-out',
  ])('reads %j as STOP', (text) => {
    expect(parseSmsCommand(text)).toEqual({ kind: 'stop' });
  });

  it.each(['START', 'Start please', 'start sms', 'UNSTOP', 'unstop now', 'opt in', 'SUBSCRIBE again'])('reads %j as START', (text) => {
    expect(parseSmsCommand(text)).toEqual({ kind: 'start' });
  });

  it.each([
    ['STATUS stop', { kind: 'unknown' }],
    ['IRR 25 stop', { kind: 'bad-amount', water: 'irrigation' }],
    ['RAIN 12 2', { kind: 'log-water', water: 'rain', amountMm: 12, fieldNumber: 2 }],
    ['HELP stop', { kind: 'unknown' }],
    ['please stop', { kind: 'unknown' }],
    ['starter', { kind: 'unknown' }],
    ['stopped raining', { kind: 'unknown' }],
  ])('leaves %j to the other words when STOP or START is not its first word', (text, command) => {
    expect(parseSmsCommand(text)).toEqual(command);
  });
});
