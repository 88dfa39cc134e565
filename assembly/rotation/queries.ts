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
export const Q_ACTIVE_DOT: i32 = 34; //              arg = aura index: targets with it up (active_dot.X)
// The debuff/dot kinds above read the primary target. Inside an entry that selects its target
// (target_if, cycle_targets, cycling_variable) the compiler asks these instead: the aura's instance on
// the current target (docs/rotation.md "Targets").
export const Q_TGT_UP: i32 = 35; //                    arg = aura index (debuff.X.up, dot.X.ticking)
export const Q_TGT_REMAINS: i32 = 36; //               s, 0 when down
export const Q_TGT_STACK: i32 = 37;
export const Q_COUNT: i32 = 38;
