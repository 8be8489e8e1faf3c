#!/usr/bin/perl
# Our driver for the Terra Mystica site's engine (bench/tm_differential.py starts it).
#
#   perl -I SITE/src bench/tm_site_driver.pl
#
# SITE is a checkout of the site's public repository OUTSIDE this repository (nothing of it is
# copied here).
# Reads one JSON request per line on stdin:
#   {"rows": [command-log lines], "base_map": [...] (omit for Original),
#    "vp_variant": "original_2017" (optional)}
# and answers one JSON line per request: the error lines, whether the game finished, and every
# faction's values (VP C W P, the three bowls, the four cults) after each row, null for rows
# the engine never reached. The rows are told apart by wrapping the engine's own row splitter
# and command runner at run time (nothing of the site's code is changed or copied).
use strict;
use warnings;
no warnings "once";
use JSON;

require 'tracker.pm';

$| = 1;
my $json = JSON->new->canonical;
my @fields = qw(VP C W P P1 P2 P3 FIRE WATER EARTH AIR);
my (@counts, @snaps);

sub values_of {
    my ($factions) = @_;
    return { map { my $f = $factions->{$_}; ($_, [map { $f->{$_} // 0 } @fields]) } keys %$factions };
}

{
    no warnings 'redefine';
    my $split = \&terra_mystica::clean_commands;
    *terra_mystica::clean_commands = sub {
        my @parts = $split->(@_);
        push @counts, scalar @parts;  # a comment is a part the engine runs too
        return @parts;
    };
    my $run = \&terra_mystica::do_command;
    *terra_mystica::do_command = sub {
        # rows of the log only: the engine runs its own rows (income) through here too
        my ($up, $from) = (1, '(eval)');
        $from = (caller($up++))[3] // '' while $from eq '(eval)';
        push @snaps, values_of($terra_mystica::game{acting}->factions()) if $from eq 'terra_mystica::play';
        goto &$run;
    };
}

while (my $line = <STDIN>) {
    my $req = $json->decode($line);
    my $metadata = { game_options => [] };
    $metadata->{base_map} = $req->{base_map} if $req->{base_map};
    $metadata->{vp_variant} = $req->{vp_variant} if $req->{vp_variant};
    (@counts, @snaps) = ();
    my $res = eval {
        terra_mystica::evaluate_game({ rows => $req->{rows}, players => [], faction_info => {},
                                       metadata => $metadata, delete_email => 0 });
    };
    if (!$res) {
        print $json->encode({ error => ["driver: $@"], after => [] }), "\n";
        next;
    }
    my $final = values_of($res->{factions});
    my ($end, @after) = (0);
    for my $n (@counts) {
        $end += $n;
        push @after, $end < @snaps ? $snaps[$end] : (@{$res->{error}} ? undef : $final);
    }
    print $json->encode({ error => $res->{error}, after => \@after, finished => $res->{finished} ? 1 : 0,
                          round => $res->{round} }), "\n";
}
