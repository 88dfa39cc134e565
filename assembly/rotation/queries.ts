// The seam between the rotation VM (assembly/rotation/) and the engine (assembly/engine/).
//
// Every leaf of a rotation condition that reads simulation state compiles to QUERY(kind, arg): the VM
// asks its State for `query(kind, arg)` and gets an f64. `arg` is an index resolved at compile time by
// the host (aura index, spell index, resource index, pet index, ...); it is 0 where a kind takes none.
// Booleans are 1.0 / 0.0. Times are SECONDS (SimulationCraft APL convention), although the engine
// keeps integer milliseconds internally.
//
// Append new kinds at the end; never renumber (compiled rotations store these numbers).

export const Q_TIME: i32 = 0; //                       time since pull, s
export const Q_FIGHT_REMAINS: i32 = 1; //              s until encounter end
export const Q_GCD_REMAINS: i32 = 2; //                s until the GCD ends
export const Q_TARGET_HEALTH_PCT: i32 = 3; //          0..100
export const Q_ACTIVE_ENEMIES: i32 = 4; //             count
export const Q_BUFF_UP: i32 = 5; //                    arg = aura index (player buffs)
export const Q_BUFF_REMAINS: i32 = 6; //               s, 0 when down
export const Q_BUFF_STACK: i32 = 7; //                 stacks, 0 when down
export const Q_DEBUFF_UP: i32 = 8; //                  arg = aura index (on the primary target)
export const Q_DEBUFF_REMAINS: i32 = 9;
export const Q_DEBUFF_STACK: i32 = 10;
export const Q_DOT_TICKING: i32 = 11; //               arg = aura index of the DoT (dot.X.ticking / dot.X.up)
export const Q_DOT_REMAINS: i32 = 12;
export const Q_COOLDOWN_READY: i32 = 13; //            arg = spell index
export const Q_COOLDOWN_REMAINS: i32 = 14; //          s until the next charge / the cooldown is ready
export const Q_COOLDOWN_CHARGES: i32 = 15; //          whole charges available
export const Q_COOLDOWN_CHARGES_FRACTIONAL: i32 = 16;
export const Q_COOLDOWN_FULL_RECHARGE_TIME: i32 = 17; // s until all charges are back
export const Q_RESOURCE: i32 = 18; //                  arg = resource index (0 primary, 1 secondary, ...)
export const Q_RESOURCE_DEFICIT: i32 = 19;
export const Q_RESOURCE_PCT: i32 = 20; //              0..100
export const Q_RESOURCE_TIME_TO_MAX: i32 = 21; //      s
export const Q_PET_ACTIVE: i32 = 22; //                arg = pet index
export const Q_PET_REMAINS: i32 = 23; //               s (a permanent pet: fight_remains)
export const Q_PET_COUNT: i32 = 24;
export const Q_PREV_GCD: i32 = 25; //                  arg = spell index; 1.0 if it was the last GCD-triggering cast
export const Q_SPELL_CASTABLE: i32 = 26; //            arg = spell index; cooldown, resources and locks allow a cast now
export const Q_PET_BUFF_UP: i32 = 27; //               arg = aura index on the (main) pet, e.g. Frenzy
export const Q_PET_BUFF_REMAINS: i32 = 28;
export const Q_PET_BUFF_STACK: i32 = 29;
export const Q_RESOURCE_MAX: i32 = 30;
export const Q_RESOURCE_REGEN: i32 = 31; //            per second, haste included
export const Q_COOLDOWN_DURATION: i32 = 32; //         s, the spell's (hasted where applicable) recharge time
export const Q_DOT_STACK: i32 = 33;
// SimC expression forms (answered by assembly/engine/queries.ts; docs/rotation.md §2):
export const Q_GCD_MAX: i32 = 34; //                   arg = spell (-1: the standard 1.5 s); s, the GCD a cast of it triggers now (hasted, floor 0.75 s)
export const Q_CAST_TIME: i32 = 35; //                 arg = spell; s, its cast bar now (hasted, cast-time auras) or channel duration; 0 instant
export const Q_EXECUTE_TIME: i32 = 36; //              arg = spell; s, max(its GCD, its cast time)
export const Q_AURA_REFRESHABLE: i32 = 37; //          arg = aura; 1 when down or remains < 30 % of its duration (pandemic)
export const Q_AURA_DURATION: i32 = 38; //             arg = aura; s, its base duration (0: permanent)
export const Q_AURA_TICK_TIME: i32 = 39; //            arg = aura; s, its tick period now (hasted when it is)
export const Q_AURA_TICKS_REMAIN: i32 = 40; //         arg = aura; ceil(remains / tick period), 0 when down
export const Q_AURA_MAX_STACK: i32 = 41; //            arg = aura; its stack cap
export const Q_SPELL_COST: i32 = 42; //                arg = spell; its primary resource cost now
export const Q_PREV: i32 = 43; //                      arg = spell; 1.0 if it was the last cast (on or off the GCD)
export const Q_PREV_OFF_GCD: i32 = 44; //              arg = spell; 1.0 if it was the last off-GCD cast since the last GCD cast
export const Q_PREV_GCD_2: i32 = 45; //                arg = spell; 1.0 if it was the GCD cast before the last one
export const Q_PREV_GCD_3: i32 = 46;
export const Q_COOLDOWN_MAX_CHARGES: i32 = 47; //      arg = spell; its charge cap (1 without charges)
export const Q_LAST_USED: i32 = 48; //                 arg = spell; s since the pull when it was last cast (-1e9 before its first cast)
export const Q_ACTIVE_DOT: i32 = 49; //              arg = aura index: targets with it up (active_dot.X)
// The debuff/dot kinds above read the primary target. Inside an entry that selects its target
// (target_if, cycle_targets, cycling_variable) the compiler asks these instead: the aura's instance on
// the current target (docs/rotation.md "Targets").
export const Q_TGT_UP: i32 = 50; //                    arg = aura index (debuff.X.up, dot.X.ticking)
export const Q_TGT_REMAINS: i32 = 51; //               s, 0 when down
export const Q_TGT_STACK: i32 = 52;
// A channel's tick period now (channel-decisions' `interrupt_if=tick_time>0.5` on a channel that applies no aura)
export const Q_CHANNEL_TICK_TIME: i32 = 53; //         arg = spell; s, its channel duration / ticks now (hasted when it is); 0: not a channel
// The hard cast in progress (SimC action.X.executing / execute_remains; cast-while-casting decisions
// ask them during another spell's cast bar: assembly/engine/cast-while-casting.ts)
export const Q_EXECUTING: i32 = 54; //                 arg = spell; 1.0 while its cast bar runs (not a channel)
export const Q_EXECUTE_REMAINS: i32 = 55; //           arg = spell; s until its cast bar completes, 0 when it is not executing
// Destruction's APL forms (issue 17; allocation 77-79): `self.target=target` compares the actor's target (the
// primary, index 0) with the target being tried; `dot_refreshable_count.X` counts the targets whose X is down
// or in its pandemic window (SimC warlock_t::create_expression, engine/class_modules/warlock/sc_warlock.cpp)
export const Q_TARGET_INDEX: i32 = 77; //              the current target's index (0 = primary; the candidate inside target_if)
export const Q_DOT_REFRESHABLE_COUNT: i32 = 78; //     arg = aura index: targets on which it is refreshable (down counts)
// Reaction time (assembly/engine/reaction.ts, docs/fights.md "Reaction time and latency"; allocation 79-81):
// SimC's `buff.X.react` counts the stacks whose reaction time has passed, `cooldown_react` waits a reaction
// time after a proc reset the cooldown. With the model off they answer as BUFF_STACK / COOLDOWN_READY.
export const Q_AURA_REACT: i32 = 79; //                arg = aura index (buff/debuff/pet buff on the primary target): reactable stacks
export const Q_TGT_REACT: i32 = 80; //                 arg = aura index: the same on the current target
export const Q_COOLDOWN_REACT: i32 = 81; //            arg = spell index: ready, and its last reset reacted to
// Raid events (assembly/engine/raid-events.ts, docs/fights.md "Fight styles"; allocation 82-87): SimC's
// raid_event.movement.{up,remains,in} (and movement.remains) for fight style movement, and
// raid_event.adds.{up,remains,in} for fight style adds: 1/0, s left of the window up now, s until the next starts
export const Q_RAID_MOVE_UP: i32 = 82;
export const Q_RAID_MOVE_REMAINS: i32 = 83;
export const Q_RAID_MOVE_IN: i32 = 84;
export const Q_RAID_ADDS_UP: i32 = 85;
export const Q_RAID_ADDS_REMAINS: i32 = 86;
export const Q_RAID_ADDS_IN: i32 = 87;
export const Q_COUNT: i32 = 88;
